import type { CmsPage } from '@kaloryfer/api-contract';
import { cmsHierarchyOf, cmsParents } from './cms-hierarchy';

const page = (id: number, identifier: string, parent: string | null, position: number): CmsPage =>
  ({ id, identifier, title: identifier.toUpperCase(), parent_identifier: parent, position, active: true }) as CmsPage;

/** The seed's tree: informacje → regulamin, dostawa, zwroty → formularz-odstapienia. */
const PAGES = [
  page(1, 'informacje', null, 1),
  page(5, 'zwroty', 'informacje', 3),
  page(2, 'regulamin', 'informacje', 1),
  page(4, 'dostawa', 'informacje', 2),
  page(9, 'formularz-odstapienia', 'zwroty', 1),
];
const ids = (pages: { identifier: string }[]) => pages.map((entry) => entry.identifier);

test.each([
  ['informacje', []],
  ['regulamin', ['informacje']],
  ['formularz-odstapienia', ['informacje', 'zwroty']],
])('the parents of %s, the root first', (identifier, parents) => {
  expect(
    ids(
      cmsParents(
        PAGES.find((entry) => entry.identifier === identifier)!,
        PAGES,
      ),
    ),
  ).toEqual(parents);
});

test('a missing parent or a loop ends the walk', () => {
  const orphan = page(20, 'sierota', 'nie-ma', 1);
  expect(cmsParents(orphan, [...PAGES, orphan])).toEqual([]);
  const a = page(30, 'a', 'b', 1);
  const b = page(31, 'b', 'a', 1);
  expect(ids(cmsParents(a, [a, b]))).toEqual(['b']);
  const self = page(32, 'self', 'self', 1);
  expect(cmsParents(self, [self])).toEqual([]);
});

test('a page with its parents, siblings and children in position order', () => {
  expect(cmsHierarchyOf('dostawa', PAGES)).toEqual({
    page: { identifier: 'dostawa', title: 'DOSTAWA' },
    parents: [{ identifier: 'informacje', title: 'INFORMACJE' }],
    siblings: ['regulamin', 'dostawa', 'zwroty'].map((identifier) => ({ identifier, title: identifier.toUpperCase() })),
    children: [],
  });
  expect(ids(cmsHierarchyOf('zwroty', PAGES)!.children)).toEqual(['formularz-odstapienia']);
  expect(cmsHierarchyOf('nie-ma', PAGES)).toBeNull();
});
