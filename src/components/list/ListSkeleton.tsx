import { useLingui } from '@lingui/react/macro';
import './list-skeleton.css';

/** Grey rows where a list's rows will be, while the phone's store or the server has not answered yet. */
export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useLingui();
  return (
    <div className="list-skeleton" role="status" aria-label={t`A carregar`} data-testid="list-skeleton">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="list-skeleton-row" aria-hidden="true">
          <span className="list-skeleton-dot" />
          <span className="list-skeleton-lines">
            <span className="list-skeleton-line" />
            <span className="list-skeleton-line short" />
          </span>
        </div>
      ))}
    </div>
  );
}
