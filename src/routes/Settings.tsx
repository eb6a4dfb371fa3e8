import { msg } from '@lingui/core/macro';
import { NotAvailable } from './NotAvailable.tsx';
import { StoreSizeNote } from '../components/StoreSizeNote.tsx';

/** /dashboard/conta: the settings are not built yet; the size of what this phone keeps is already shown. */
export default function Settings() {
  return (
    <NotAvailable title={msg`Definições`}>
      <StoreSizeNote />
    </NotAvailable>
  );
}
