import type { Meta, StoryObj } from '@storybook/react-vite'
import { fakeServices } from '../../testing/fakeServices'
import { StoryApp } from '../../testing/StoryApp'
import { CallRecordScreen } from './CallRecordScreen'
import { DEMO_NOW, callRecordsApi, manyCallRecords, memoryVideoCalls } from '../../testing/callRecordFixtures'

const user = { uid: '100001', jid: 'user_100001@localhost', vcToken: 't', role: 2, nickName: 'Demo', name: 'Demo' }
const signedIn = { auth: { user } }
const never = () => new Promise<never>(() => {})
const offline = async () => Promise.reject(new TypeError('offline'))

/** /callrecord (video history): past calls merged from this browser's database and the server. */
const meta = {
  title: 'App/Call/CallRecordScreen',
  component: CallRecordScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  render: () => <StoryApp path="/callrecord" preloadedState={signedIn} />,
} satisfies Meta<typeof CallRecordScreen>

export default meta
type Story = StoryObj<typeof meta>

/** Answered, declined, missed, free, silver and cancelled calls. */
export const Full: Story = {}

/** Both sources still loading. */
export const Loading: Story = {
  render: () => <StoryApp path="/callrecord" preloadedState={signedIn} services={fakeServices({ api: { getCallRecords: never }, db: { listVideoCalls: never } })} />,
}

/** No call yet. */
export const Empty: Story = {
  render: () => <StoryApp path="/callrecord" preloadedState={signedIn} services={fakeServices({ api: { getCallRecords: async () => ({ list: [], nextCursor: null }) } })} />,
}

/** Neither the server nor the local database could be read. */
export const Error: Story = {
  render: () => <StoryApp path="/callrecord" preloadedState={signedIn} services={fakeServices({ api: { getCallRecords: offline }, db: { listVideoCalls: offline } })} />,
}

/** The server is unreachable: the calls recorded in this browser, with a notice and a retry. */
export const LocalOnly: Story = {
  render: () => (
    <StoryApp
      path="/callrecord"
      preloadedState={signedIn}
      services={fakeServices({
        api: { getCallRecords: offline },
        db: memoryVideoCalls([
          { vid: 's-1', sid: 's-1', caller: user.jid, callee: 'anchor_200001@localhost', startTime: DEMO_NOW, connectingTime: DEMO_NOW + 3_000, endTime: DEMO_NOW + 75_000, reason: 'hangup' },
          { vid: 'local-2', caller: user.jid, callee: 'anchor_200004@localhost', startTime: DEMO_NOW - 3_600_000, endTime: DEMO_NOW - 3_599_000, reason: 'Gems insufficient' },
        ]),
      })}
    />
  ),
}

/** A long history: only the visible rows are in the page; more load from the server near the end. */
export const Long: Story = {
  render: () => <StoryApp path="/callrecord" preloadedState={signedIn} services={fakeServices({ api: callRecordsApi(manyCallRecords(300)) })} />,
}
