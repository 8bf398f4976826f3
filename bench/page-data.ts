// The data of the pages the render benchmarks share (bench:render, bench:variants, bench:peers):
// TechEmpower's Fortunes messages (the one added at request time included) and the personalised
// page's visitor, with the lines that page repeats.
export const MESSAGES = [
  "fortune: No such file or directory",
  "A computer scientist is someone who fixes things that aren't broken.",
  "After enough decimal places, nobody gives a damn.",
  "A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1",
  "A computer program does what you tell it to do, not what you want it to do.",
  "Emacs is a nice operating system, but I prefer UNIX. — Tom Christaensen",
  "Any program that runs right is obsolete.",
  "A list is only as strong as its weakest link. — Donald Knuth",
  "Feature: A bug with seniority.",
  "Computers make very fast, very accurate mistakes.",
  '<script>alert("This should not be displayed in a browser alert box.");</script>',
  "フレームワークのベンチマーク",
  "Additional fortune added at request time.",
];

export const USER = {
  name: "Ann O'Neil",
  email: "ann@example.com",
  city: "Oslo",
  plan: "gold",
  lastLogin: "2024-03-01",
  points: 1250,
  level: 7,
  manager: "Bo <Boss>",
  team: "R&D",
  office: "B-12",
};

export const FIELDS = ["name", "email", "city", "plan", "lastLogin", "points", "level", "manager", "team", "office"];
export const PARA =
  "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ";
