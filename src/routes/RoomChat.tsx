import { msg } from '@lingui/core/macro';
import { NotAvailable } from './NotAvailable.tsx';

// Placeholder until its screen lands (issue 12).
export default function RoomChat() {
  return <NotAvailable title={msg`Sala de jogo`} />;
}
