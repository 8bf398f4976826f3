-- The messages of docs/recipes/mail.md: kept before they are mailed, so that a mail server
-- that is down loses nothing (sent stays false, to be mailed again later).
CREATE TABLE contact_message (
  id serial PRIMARY KEY,
  name varchar(80) NOT NULL,
  email varchar(254) NOT NULL,
  body varchar(2000) NOT NULL,
  sent boolean NOT NULL DEFAULT false,
  created timestamptz NOT NULL DEFAULT now()
);
