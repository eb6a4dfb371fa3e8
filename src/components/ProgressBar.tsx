import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';

// nprogress-like thin bar (SPEC §9: speed 900 ms, trickle every 100 ms). It runs on every navigation and stays
// while a lazy screen is loading (`active`).
const SPEED_MS = 900;
const TRICKLE_MS = 100;

export function ProgressBar({ active = false }: { active?: boolean }) {
  const [path] = useLocation();
  const [progress, setProgress] = useState<number | null>(active ? 0.08 : null);
  const first = useRef(true);

  useEffect(() => {
    if (first.current && !active) {
      first.current = false;
      return;
    }
    setProgress(0.08);
    const trickle = setInterval(() => setProgress((value) => (value === null ? null : value + (1 - value) * 0.08)), TRICKLE_MS);
    if (active) return () => clearInterval(trickle);
    const finish = setTimeout(() => {
      clearInterval(trickle);
      setProgress(1);
    }, SPEED_MS / 3);
    const hide = setTimeout(() => setProgress(null), SPEED_MS);
    return () => {
      clearInterval(trickle);
      clearTimeout(finish);
      clearTimeout(hide);
    };
  }, [path, active]);

  if (progress === null) return null;
  return <div className="progress-bar" style={{ transform: `scaleX(${progress})` }} aria-hidden="true" />;
}
