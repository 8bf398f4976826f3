-- The accounts of docs/recipes/login.md. The password is kept only as an Argon2id hash
-- (generateArgon2Hash); the email is unique whatever its case.
CREATE TABLE account (
  id serial PRIMARY KEY,
  email varchar(254) NOT NULL,
  name varchar(80) NOT NULL,
  password_hash text NOT NULL,
  created timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX account_email ON account (lower(email));
