import { Component, type ReactNode } from 'react';
import { NeedsConnection } from '../components/NeedsConnection.tsx';
import { nextScreenTry, ScreenLoadError } from './screen-loads.ts';

interface Props {
  /** The location shown: moving elsewhere clears the notice, so the next screen gets its own try. */
  location: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  /** Where the error happened, once committed (null: in the render that is failing now). */
  failedAt: string | null;
}

/**
 * The shell's centre: a screen whose chunk could not be loaded shows, inside the app's frame with its menu, that it
 * needs a connection (components/NeedsConnection.tsx), and tries again once the phone is back online. Any other
 * error goes on to the app's boundary (app/ErrorBoundary.tsx, SPEC §8). The location an error belongs to is recorded
 * after the commit: a render that fails during a move (the centre follows the location a step behind) has the new
 * location already, and a later move clears it.
 */
export class ScreenBoundary extends Component<Props, State> {
  override state: State = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failedAt: null };
  }

  override componentDidCatch(): void {
    this.setState({ failedAt: this.props.location });
  }

  override componentDidUpdate(): void {
    const { error, failedAt } = this.state;
    if (error !== null && failedAt !== null && failedAt !== this.props.location) this.retry();
  }

  /** Clears the failure: the screens get a new try (app/AppRoutes.tsx). */
  private readonly retry = () => {
    nextScreenTry();
    this.setState({ error: null, failedAt: null });
  };

  override render() {
    const { error, failedAt } = this.state;
    const current = error !== null && (failedAt === null || failedAt === this.props.location);
    if (!current) return this.props.children;
    if (!(error instanceof ScreenLoadError)) throw error;
    return <NeedsConnection onRetry={this.retry} />;
  }
}
