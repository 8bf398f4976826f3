-- The notes of docs/recipes/api.md, and the API keys that may change them. A key is kept only
-- as its SHA-256 (a key is long and random, so a plain digest suffices; a password is not, and
-- gets generateArgon2Hash). The demo key is "demo-key-change-me": delete it in a real site.
CREATE TABLE note (
  id serial PRIMARY KEY,
  title varchar(200) NOT NULL,
  done boolean NOT NULL DEFAULT false
);
CREATE TABLE api_key (
  name varchar(80) PRIMARY KEY,
  key_sha256 char(64) NOT NULL UNIQUE
);
INSERT INTO api_key (name, key_sha256)
VALUES ('demo', encode(sha256(convert_to('demo-key-change-me', 'UTF8')), 'hex'));
