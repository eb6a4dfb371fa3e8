import { msg } from '@lingui/core/macro';
import { NotAvailable } from './NotAvailable.tsx';

// Placeholder until its screen lands (issue 12).
export default function GroupCreate() {
  return <NotAvailable title={msg`Criar grupo`} />;
}
