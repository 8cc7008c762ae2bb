/** storefront-query-builder's SearchQuery, as JSON.stringify writes it (applyFilter's default options is a function: dropped). */
export interface SearchQueryJson {
  _availableFilters: Array<{ field: string; scope: string; options: Record<string, unknown> }>;
  _appliedFilters: Array<{ attribute: string; value: Record<string, unknown>; scope: string }>;
  _appliedSort: Array<{ field: string; options: string }>;
  _searchText: string;
}

/** The SearchQuery VSF's core builds its searches with (only the methods those searches use). */
export class SearchQuery implements SearchQueryJson {
  _availableFilters: SearchQueryJson['_availableFilters'] = [];
  _appliedFilters: SearchQueryJson['_appliedFilters'] = [];
  _appliedSort: SearchQueryJson['_appliedSort'] = [];
  _searchText = '';
  applyFilter({ key, value, scope = 'default' }: { key: string; value: Record<string, unknown>; scope?: string }): this {
    this._appliedFilters.push({ attribute: key, value, scope });
    return this;
  }
  addAvailableFilter({ field, scope = 'default' }: { field: string; scope?: string }): this {
    this._availableFilters.push({ field, scope, options: {} });
    return this;
  }
  setSearchText(text: string): this {
    this._searchText = text;
    return this;
  }
}
