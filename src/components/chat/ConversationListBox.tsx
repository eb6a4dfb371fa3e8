import type { CustomContainerComponentProps } from 'virtua';

/** The `<ul>` a virtualised conversation (or group, room) list renders into, with the list's look. */
export function ConversationListBox({ style, children, ref }: CustomContainerComponentProps) {
  return (
    <ul ref={ref} className="conversation-list" style={style}>
      {children}
    </ul>
  );
}
