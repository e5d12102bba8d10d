import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ReactNode } from 'react'
import { Provider } from 'react-redux'
import { MemoryRouter } from 'react-router-dom'
import { makeStore } from '../../app/store'
import { ServicesProvider } from '../../app/ServicesContext'
import { fakeServices } from '../../testing/fakeServices'
import { signedInAs } from '../../testing/testState'
import { SilverCallAction } from './SilverCallAction'

const services = fakeServices()
const times = (availableTimes: number) => ({ availableTimes, totalTimes: 3, silverCallDuration: 60, resetCountdown: 3_600 })

function Frame({ children }: { children: ReactNode }) {
  return (
    <Provider store={makeStore({ services, preloadedState: signedInAs() })}>
      <ServicesProvider value={services}>
        <MemoryRouter>
          <div style={{ padding: 16, maxWidth: 320 }}>{children}</div>
        </MemoryRouter>
      </ServicesProvider>
    </Provider>
  )
}

/** A club host's silver call action (club list, silver anchor list, host profile): it opens the silver call guide. */
const meta = {
  title: 'App/Call/SilverCallAction',
  component: SilverCallAction,
  tags: ['autodocs'],
  args: { uid: '200001', name: 'Aisha', times: times(2), price: 25, silverBalance: 120 },
  // The action shows once the call texts are loaded: the checks run on it, not on an empty frame.
  play: async ({ canvas }) => {
    await canvas.findByRole('button', { name: /Aisha/ })
  },
  render: (args) => (
    <Frame>
      <SilverCallAction {...args} />
    </Frame>
  ),
} satisfies Meta<typeof SilverCallAction>

export default meta
type Story = StoryObj<typeof meta>

/** Two calls left today, 60 seconds each, silver enough for the host's price. */
export const Full: Story = {}

/** The calls left are still loading: the action is offered, the guide checks them again. */
export const Loading: Story = { args: { times: null, price: null, silverBalance: null } }

/** None left today: disabled, with the reason. */
export const NoneLeft: Story = { args: { times: times(0) } }

/** The silver balance is short of the host's price per minute: disabled, with the reason. */
export const BalanceShort: Story = { args: { silverBalance: 10 } }
