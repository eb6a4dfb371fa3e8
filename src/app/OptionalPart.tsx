import { Component, type ReactNode } from 'react';

/**
 * A lazy part of the shell the screen does without (the push banner, the chat toasts, the subscription notice): if its
 * chunk cannot be loaded (offline, not kept yet) it is left out instead of taking the app to the crash page.
 */
export class OptionalPart extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
