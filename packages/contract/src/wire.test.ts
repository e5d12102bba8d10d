import { describe, expect, it } from 'vitest'
import { MessageType, SENSITIVE_DISCARD, SENSITIVE_OFFLINE, SENSITIVE_PORN, SENSITIVE_SENSITIVE } from './wire.ts'

describe('the wire vocabulary', () => {
  it('numbers message types as SPEC §3 does', () => {
    // SPEC §3, in its order: 0 text … 401 add_friend_msg, 100 attribution_refresh.
    expect(MessageType).toEqual({
      Text: 0,
      Location: 1,
      Image: 2,
      Audio: 3,
      Video: 4,
      System: 5,
      Sticker: 6,
      FriendsRequest: 7,
      VHubCall: 10,
      Gift: 13,
      ShortVideo: 16,
      InviteVideo: 17,
      ManagerText: 18,
      AskGift: 19,
      ImageWithGift: 20,
      OfficialMessage: 21,
      ViolateRule: 22,
      Maintenance: 23,
      QuestionAnswer: 36,
      StoryLineCall: 46,
      AddFriendMsg: 401,
      AttributionRefresh: 100,
    })
  })

  it('keeps the sensitive-info bits of SPEC §5 distinct', () => {
    expect([SENSITIVE_DISCARD, SENSITIVE_SENSITIVE, SENSITIVE_OFFLINE, SENSITIVE_PORN]).toEqual([1, 2, 4, 8])
  })
})
