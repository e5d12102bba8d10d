import { ChatBridge } from './ChatBridge'
import { MessageScreen } from './MessageScreen'

/** /preview (SPEC §2, top level): the chat view on its own page, outside the home layout. */
export function ChatPreviewScreen() {
  return (
    <main className="vc-chat-preview" id="main">
      <ChatBridge />
      <MessageScreen />
    </main>
  )
}
