import { ScreenHeading } from './screen-heading';

export function ChatLogsRoute() {
  return (
    <ScreenHeading
      path="/training/chat_logs"
      description="Chat logs will list every exchange visitors have with your storyfiles."
    />
  );
}
