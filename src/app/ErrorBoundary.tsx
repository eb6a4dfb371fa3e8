import { Component, type ReactNode } from 'react';
import { ErrorFallback } from '../components/ErrorFallback.tsx';

interface State {
  failed: boolean;
}

/** SPEC §8: render failures show a fallback with reload and sign-out. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
