import type { Meta, StoryObj } from '@storybook/react-vite'
import { Provider } from 'react-redux'
import { makeStore } from '../../app/store'
import { ServicesProvider } from '../../app/ServicesContext'
import { fakeServices } from '../../testing/fakeServices'
import { blockedState, signedInState } from '../../testing/accountTestState'
import { StoryApp } from '../../testing/StoryApp'
import { InstallCard, NotificationPermissionCard } from '../install'
import { ChatNoticeMessage } from './ChatNoticeMessage'
import { CookieBanner } from './CookieBanner'
import { CookieChoice } from './CookieChoice'
import { DownloadAppPanel } from './DownloadAppPanel'
import { LegalPage } from './LegalPage'
import { storyServices } from '../../testing/storyServices'
import '../../layout/account.css'
import '../../layout/appearance.css'

const services = storyServices.full()
const store = makeStore({ services, preloadedState: signedInState() })
const completeProfile = signedInState({ auth: { completeUserInfoCheck: true } })
const blocked = blockedState('Spam reports')

function Frame({ children, value = services }: { children: React.ReactNode; value?: typeof services }) {
  return (
    <Provider store={store}>
      <ServicesProvider value={value}>
        <div style={{ padding: 16, maxWidth: 480 }}>{children}</div>
      </ServicesProvider>
    </Provider>
  )
}

/** The account area's panels and small pieces, each on its own. */
const meta = {
  title: 'App/Account/Panels',
  component: CookieBanner,
  tags: ['autodocs'],
  // A first visit: no choice made yet.
  args: { consent: fakeServices({ consent: null }).consent, onShowPolicy: () => {} },
  render: (args) => <CookieBanner {...args} />,
} satisfies Meta<typeof CookieBanner>

export default meta
type Story = StoryObj<typeof meta>

/** The cookie banner until the visitor chooses. */
export const CookieBannerShown: Story = { parameters: { expectedOverlays: ['.vc-cookie-banner'] } }
/** The complete-profile panel after a login with completeUserInfoCheck. */
export const CompleteProfile: Story = { render: () => <StoryApp path="/goddess" preloadedState={completeProfile} services={storyServices.full()} /> }
/** A blocked account opening the messages: kept out of chat and calls. */
export const BlockedGuard: Story = { render: () => <StoryApp path="/message" preloadedState={blocked} services={storyServices.full()} /> }
export const DownloadApp: Story = { render: () => <Frame><DownloadAppPanel /></Frame> }
export const PrivacyPolicy: Story = { render: () => <Frame><LegalPage kind="privacy" fullUrl="https://vidora.chat/privacy" /></Frame> }
export const TermsOfService: Story = { render: () => <Frame><LegalPage kind="terms" /></Frame> }
export const CookiesPrivacy: Story = { render: () => <Frame><LegalPage kind="cookies" /></Frame> }
/** The cookie choice after "Accept all" (settings and the cookies page). */
export const CookieChoiceAccepted: Story = { render: () => <Frame value={fakeServices({ consent: 'all' })}><CookieChoice /></Frame> }
/** The cookie choice after "Only necessary". */
export const CookieChoiceNecessary: Story = { render: () => <Frame value={fakeServices({ consent: 'necessary' })}><CookieChoice /></Frame> }
export const ChatNotices: Story = {
  render: () => (
    <Frame>
      <ChatNoticeMessage kind="system" />
      <ChatNoticeMessage kind="official" text="Welcome to Vidora! Say hi to a host." />
      <ChatNoticeMessage kind="violation" />
      <ChatNoticeMessage kind="maintenance" />
    </Frame>
  ),
}
export const AddToHomeScreenPrompt: Story = { render: () => <Frame><InstallCard method="prompt" /></Frame> }
export const AddToHomeScreenGuide: Story = { render: () => <Frame><InstallCard method="homeScreenGuide" /></Frame> }
export const AddToDesktopGuide: Story = { render: () => <Frame><InstallCard method="desktopGuide" /></Frame> }
export const AddBookmarkGuide: Story = { render: () => <Frame><InstallCard method="bookmarkGuide" env={null} /></Frame> }
export const NotificationsDefault: Story = { render: () => <Frame><NotificationPermissionCard initial="default" env={null} /></Frame> }
export const NotificationsDenied: Story = { render: () => <Frame><NotificationPermissionCard initial="denied" env={null} /></Frame> }
export const NotificationsGranted: Story = { render: () => <Frame><NotificationPermissionCard initial="granted" env={null} /></Frame> }
export const NotificationsUnsupported: Story = { render: () => <Frame><NotificationPermissionCard initial="unsupported" env={null} /></Frame> }
