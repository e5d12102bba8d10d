import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ReactNode } from 'react'
import { Provider } from 'react-redux'
import { makeStore } from '../../app/store'
import { ServicesProvider } from '../../app/ServicesContext'
import type { NotificationPermissionState, PushNoticeView, PushService, Services } from '../../services/types'
import { fakeServices } from '../../testing/fakeServices'
import { NotificationCenter } from './NotificationCenter'
import { NotificationPrompt } from './NotificationPrompt'
import { PushNotices } from './PushNotices'

/** Push whose permission reads `permission`; `notice` arrives as soon as the notices listen. */
function storyPush(permission: NotificationPermissionState, notice?: PushNoticeView): Partial<PushService> {
  return {
    permission: () => permission,
    // The browser's own prompt cannot be shown in a story: it stays open.
    requestPermission: () => new Promise<NotificationPermissionState>(() => {}),
    onNotice(handler) {
      if (notice) handler(notice)
      return () => {}
    },
  }
}

const asking = fakeServices({ push: storyPush('default') })
const unsupported = fakeServices({ push: storyPush('unsupported') })
const message = fakeServices({ push: storyPush('granted', { from: 'anchor_200001@localhost', type: 0, avatarUrl: '', content: 'Are you free for a video call tonight?' }) })
const noText = fakeServices({ push: storyPush('granted', { from: 'anchor_200001@localhost', type: 13, avatarUrl: '', content: '' }) })
const stay = () => () => {}

function Frame({ services, children }: { services: Services; children: ReactNode }) {
  return (
    <Provider store={makeStore({ services })}>
      <ServicesProvider value={services}>
        <div style={{ minHeight: 320 }}>{children}</div>
      </ServicesProvider>
    </Provider>
  )
}

/** After login: the notification-permission prompt and foreground push messages as in-app notices. */
const meta = {
  title: 'App/Notifications/NotificationCenter',
  component: NotificationCenter,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  render: () => (
    <Frame services={asking}>
      <NotificationPrompt />
    </Frame>
  ),
} satisfies Meta<typeof NotificationCenter>

export default meta
type Story = StoryObj<typeof meta>

/** Permission not asked yet: the prompt says why and asks from its button. */
export const Prompt: Story = {}
/** Push unsupported here (no Notification API, iOS, or a brand without push ids): nothing is shown. */
export const Unsupported: Story = {
  render: () => (
    <Frame services={unsupported}>
      <NotificationPrompt />
    </Frame>
  ),
}
/** A foreground push message as an in-app notice. */
export const Notice: Story = {
  render: () => (
    <Frame services={message}>
      <PushNotices setTimer={stay} />
    </Frame>
  ),
}
/** A message without text (a gift, say): the generic notice. */
export const NoticeWithoutText: Story = {
  render: () => (
    <Frame services={noText}>
      <PushNotices setTimer={stay} />
    </Frame>
  ),
}
