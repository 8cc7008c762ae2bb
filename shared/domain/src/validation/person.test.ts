import { emailProblem, nameProblem, passwordProblem } from './person';

test.each<[string, string | null]>([
  ['Anna', null],
  ['Łucja', null],
  ['Anna-Maria', null],
  ["O'Neill", null],
  ['Jo', null],
  ['  Żaneta  ', null],
  ['', 'Field is required'],
  ['   ', 'Field is required'],
  ['J', 'Name must have at least 2 letters'],
  ['Jan3', 'First name and Surname can only contain letters'],
  ['Jan!', 'First name and Surname can only contain letters'],
  ['-Jan', 'First name and Surname can only contain letters'],
  ['x'.repeat(101), 'Value is too long'],
])('name %j → %p', (value, problem) => {
  expect(nameProblem(value)).toBe(problem);
});

test.each<[string, string | null]>([
  ['jan.kowalski@example.pl', null],
  [' Jan@Example.PL ', null],
  ['', 'Field is required'],
  ['jan', 'Please provide valid e-mail address'],
  ['jan@', 'Please provide valid e-mail address'],
  ['jan@example', 'Please provide valid e-mail address'],
  ['jan kowalski@example.pl', 'Please provide valid e-mail address'],
  ['jan@@example.pl', 'Please provide valid e-mail address'],
  [`${'a'.repeat(250)}@x.pl`, 'Please provide valid e-mail address'],
])('e-mail %j → %p', (value, problem) => {
  expect(emailProblem(value)).toBe(problem);
});

test.each<[string, string | null]>([
  ['', 'Field is required'],
  ['1234567', 'Password must have at least 8 letters'],
  ['12345678', null],
  ['zażółćgę', null], // 8 characters, not 8 bytes
  ['x'.repeat(257), 'Value is too long'],
])('password %j → %p', (value, problem) => {
  expect(passwordProblem(value)).toBe(problem);
});
