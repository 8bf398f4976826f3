-- The sample site's schema. Seed data follows in 002_seed.sql; both run once, in one
-- transaction, when the embedded Postgres is first created (or by hand against any Postgres).
CREATE TABLE fortune (
  id integer PRIMARY KEY,
  message varchar(2048) NOT NULL
);

-- Seed 001: one table "authors", 9 columns, 9 rows.
CREATE TABLE author (
  au_id varchar(11) PRIMARY KEY,
  au_fname varchar(20) NOT NULL,
  au_lname varchar(40) NOT NULL,
  phone char(12) NOT NULL,
  address varchar(40) NOT NULL,
  city varchar(20) NOT NULL,
  state char(2) NOT NULL,
  zip char(5) NOT NULL,
  contract boolean NOT NULL
);

-- Seed 000: a web server's access log in Common Log Format, 50,000 rows.
CREATE TABLE access_log (
  id serial PRIMARY KEY,
  ip inet NOT NULL,
  ident text NOT NULL DEFAULT '-',
  auth_user text NOT NULL DEFAULT '-',
  at timestamptz NOT NULL,
  request text NOT NULL,
  status smallint NOT NULL,
  bytes integer NOT NULL
);
CREATE INDEX access_log_status ON access_log (status);

-- Seed 004: users (~100 bytes each with their attributes) and 3,000-byte content files.
CREATE TABLE app_user (
  id integer PRIMARY KEY,
  password_hash char(64) NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  city text NOT NULL,
  plan text NOT NULL
);
CREATE TABLE content_file (
  id integer PRIMARY KEY,
  title text NOT NULL,
  body text NOT NULL
);

-- Seed 003: the bulletin board and the shop's products.
CREATE TABLE board_message (
  id serial PRIMARY KEY,
  author text NOT NULL CHECK (length(author) BETWEEN 1 AND 40),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE product (
  id integer PRIMARY KEY,
  name text NOT NULL,
  price numeric(8, 2) NOT NULL
);
