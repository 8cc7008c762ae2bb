import { parsePostgresHosts, PrimaryFinder } from './postgres-hosts';

test.each<[string, string, string[], boolean]>([
  ['one server, as before', 'postgres://postgres@127.0.0.1:5432/shop', ['postgres://postgres@127.0.0.1:5432/shop'], false],
  [
    'two servers before the path, a primary wanted',
    'postgres://kf:secret@db1:5432,db2:5433/shop?target_session_attrs=read-write',
    ['postgres://kf:secret@db1:5432/shop', 'postgres://kf:secret@db2:5433/shop'],
    true,
  ],
  [
    "two Unix sockets, libpq's ?host=…&port=… lists",
    'postgres://postgres@/kaloryfer?host=%2Fvar%2Fpg1,%2Fvar%2Fpg2&port=5432,5433&target_session_attrs=read-write',
    ['postgres://postgres@/kaloryfer?host=%2Fvar%2Fpg1&port=5432', 'postgres://postgres@/kaloryfer?host=%2Fvar%2Fpg2&port=5433'],
    true,
  ],
  [
    'one port for every socket, other settings kept',
    'postgresql://postgres@/shop?host=/a,/b&port=6000&sslmode=disable',
    ['postgresql://postgres@/shop?sslmode=disable&host=%2Fa&port=6000', 'postgresql://postgres@/shop?sslmode=disable&host=%2Fb&port=6000'],
    false,
  ],
  [
    "target_session_attrs=primary is PostgreSQL 14's name for the same",
    'postgres://u@h1,h2/shop?target_session_attrs=primary',
    ['postgres://u@h1/shop', 'postgres://u@h2/shop'],
    true,
  ],
  ['a primary asked of one server', 'postgres://u@h1/shop?target_session_attrs=read-write', ['postgres://u@h1/shop'], true],
])('%s', (_name, url, servers, readWrite) => {
  expect(parsePostgresHosts(url)).toEqual({ servers, readWrite });
});

test.each([
  ['postgres://u@h1,h2/shop?target_session_attrs=standby', /target_session_attrs must be any, read-write or primary/],
  ['postgres://u@h1,h2/shop?host=/a', /either before the path or in \?host=/],
  ['postgres://u@/shop?host=/a,/b,/c&port=1,2', /3 ports|2 ports for 3 hosts/],
  ['mysql://u@h/shop', /not a PostgreSQL URL/],
])('%s is refused', (url, message) => {
  expect(() => parsePostgresHosts(url)).toThrow(message);
});

test('the finder moves on from a server that failed, once, whichever connection noticed first, and wraps round', () => {
  const finder = new PrimaryFinder(parsePostgresHosts('postgres://u@a,b,c/shop?target_session_attrs=read-write'));
  expect(finder.current).toBe('postgres://u@a/shop');
  finder.failed('postgres://u@a/shop');
  finder.failed('postgres://u@a/shop'); // a second connection to a saw it fail too: still b, not c
  expect(finder.current).toBe('postgres://u@b/shop');
  finder.failed('postgres://u@b/shop');
  finder.failed('postgres://u@c/shop');
  expect(finder.current).toBe('postgres://u@a/shop');
});
