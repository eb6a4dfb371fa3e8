import { msg } from '@lingui/core/macro';
import { NotAvailable } from './NotAvailable.tsx';

// Placeholder until its screen lands (issue 14).
export default function Notifications() {
  return <NotAvailable title={msg`Notificações`} />;
}
