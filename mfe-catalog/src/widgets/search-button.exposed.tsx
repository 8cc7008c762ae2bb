import { createRemoteLifecycles } from '@kaloryfer/ui';
import { CATALOG_NAMESPACE } from '../i18n/namespace';
import { startCatalogOwners } from '../state/catalog-owners';
import { SearchPanel } from './search-panel';

// The header widget loads on every page: the compare list must be kept wherever a command comes from.
startCatalogOwners();

export default createRemoteLifecycles(SearchPanel, CATALOG_NAMESPACE);
