-- Deterministic seed data: the same rows on every machine.
INSERT INTO fortune (id, message) VALUES
  (1, 'fortune: No such file or directory'),
  (2, 'A computer scientist is someone who fixes things that aren''t broken.'),
  (3, 'After enough decimal places, nobody gives a damn.'),
  (4, 'A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1'),
  (5, 'A computer program does what you tell it to do, not what you want it to do.'),
  (6, 'Emacs is a nice operating system, but I prefer UNIX. — Tom Christaensen'),
  (7, 'Any program that runs right is obsolete.'),
  (8, 'A list is only as strong as its weakest link. — Donald Knuth'),
  (9, 'Feature: A bug with seniority.'),
  (10, 'Computers make very fast, very accurate mistakes.'),
  (11, '<script>alert("This should not be displayed in a browser alert box.");</script>'),
  (12, 'フレームワークのベンチマーク');

INSERT INTO author VALUES
  ('172-32-1176', 'Johnson', 'White', '408 496-7223', '10932 Bigge Rd.', 'Menlo Park', 'CA', '94025', true),
  ('213-46-8915', 'Marjorie', 'Green', '415 986-7020', '309 63rd St. #411', 'Oakland', 'CA', '94618', true),
  ('238-95-7766', 'Cheryl', 'Carson', '415 548-7723', '589 Darwin Ln.', 'Berkeley', 'CA', '94705', true),
  ('267-41-2394', 'Michael', 'O''Leary', '408 286-2428', '22 Cleveland Av. #14', 'San Jose', 'CA', '95128', true),
  ('274-80-9391', 'Dean', 'Straight', '415 834-2919', '5420 College Av.', 'Oakland', 'CA', '94609', true),
  ('341-22-1782', 'Meander', 'Smith', '913 843-0462', '10 Mississippi Dr.', 'Lawrence', 'KS', '66044', false),
  ('409-56-7008', 'Abraham', 'Bennet', '415 658-9932', '6223 Bateman St.', 'Berkeley', 'CA', '94705', true),
  ('427-17-2319', 'Ann', 'Dull', '415 836-7128', '3410 Blonde St.', 'Palo Alto', 'CA', '94301', true),
  ('472-27-2349', 'Burt', 'Gringlesby', '707 938-6445', 'PO Box 792', 'Covelo', 'CA', '95428', true);

-- 121 client addresses (coprime to the status cycles, so each has 200s); statuses mostly 200, some 304 and 404; sizes spread by a fixed formula.
INSERT INTO access_log (ip, at, request, status, bytes)
SELECT ('10.1.' || ((i % 121) / 16) || '.' || ((i % 121) % 16 * 10 + 1))::inet,
       timestamptz '2025-01-01 00:00:00+00' + (i * interval '311 seconds'),
       'GET /page/' || (i % 500) || '.html HTTP/1.0',
       CASE WHEN i % 10 = 0 THEN 404 WHEN i % 17 = 0 THEN 304 ELSE 200 END,
       200 + (i * 7919) % 50000
FROM generate_series(1, 50000) AS i;

-- Passwords are "secret<id>", stored as SHA-256 hex.
INSERT INTO app_user (id, password_hash, first_name, last_name, city, plan)
SELECT i, encode(sha256(('secret' || i)::bytea), 'hex'),
       (ARRAY['Ada', 'Brian', 'Chen', 'Dana', 'Emil'])[1 + i % 5],
       (ARRAY['Lovelace', 'Kernighan', 'Wei', 'Scully', 'Post'])[1 + i % 5],
       (ARRAY['London', 'Toronto', 'Taipei', 'Oslo', 'Lagos'])[1 + i % 5],
       (ARRAY['basic', 'plus', 'pro'])[1 + i % 3]
FROM generate_series(1, 1000) AS i;

-- Each content file is 3,000 characters: a paragraph with {placeholders}, padded with text.
INSERT INTO content_file (id, title, body)
SELECT i, 'Newsletter ' || i,
       rpad('<p>Dear {first_name} {last_name}, here is issue ' || i || ' of the {city} newsletter for {plan} members.</p>' ||
            repeat('<p>Quarry serves pages like this one to {first_name} in {city}.</p>', 30), 3000, '.')
FROM generate_series(1, 20) AS i;

INSERT INTO product (id, name, price) VALUES
  (1, 'Granite paperweight', 12.50), (2, 'Marble coaster', 4.75), (3, 'Slate notebook', 9.99),
  (4, 'Basalt bookend', 18.00), (5, 'Quartz pen', 6.25);
