-- The catalogue of docs/recipes/pagination.md: 45 products to page through, 10 a page.
CREATE TABLE product (
  id serial PRIMARY KEY,
  name varchar(80) NOT NULL,
  price numeric(8, 2) NOT NULL
);
INSERT INTO product (name, price)
SELECT 'Product ' || n, n * 1.25 FROM generate_series(1, 45) AS n;
