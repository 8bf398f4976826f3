-- The guestbook of docs/recipes/forms.md: applied once by quarry dev / start (docs/server.md, "Migrations").
CREATE TABLE entry (
  id serial PRIMARY KEY,
  name varchar(80) NOT NULL,
  email varchar(254) NOT NULL,
  body varchar(2000) NOT NULL,
  created timestamptz NOT NULL DEFAULT now()
);
