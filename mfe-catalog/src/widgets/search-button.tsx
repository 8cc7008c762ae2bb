import { createRemoteLifecycles } from '@kaloryfer/ui';
import { CATALOG_NAMESPACE } from '../i18n/namespace';
import { SearchPanel } from './search-panel';

export default createRemoteLifecycles(SearchPanel, CATALOG_NAMESPACE);
