import { msg } from '@lingui/core/macro';
import { NotAvailable } from './NotAvailable.tsx';

// Placeholder until its screen lands (issue 12).
export default function Groups() {
  return <NotAvailable title={msg`Grupos`} />;
}
