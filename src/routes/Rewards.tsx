import { useLocation, useParams } from 'wouter';
import { RewardLists } from '../components/rewards/RewardLists.tsx';
import { RewardPage } from '../components/rewards/RewardPage.tsx';
import '../components/rewards/rewards.css';

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Rewards (SPEC §2): /dashboard/recompensas/enviadas lists what was sent, received and refunded under three tabs;
 * /recebidas/{pagamentoId} and /reembolsados/{pagamentoId} show one reward.
 */
export default function Rewards() {
  const params = useParams<{ pagamentoId?: string }>();
  const [location] = useLocation();
  if (params.pagamentoId === undefined) return <RewardLists />;
  const lista = location.startsWith('/dashboard/recompensas/reembolsados/') ? 'reembolsados' : 'recebidas';
  return <RewardPage lista={lista} pagamentoId={safeDecode(params.pagamentoId)} />;
}
