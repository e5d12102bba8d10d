import type { AnchorInfo, ClubCallTimes } from '@vchat/api-client'
import { useEffect, useState } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { checkOfferCallTimes, findSilverPrice, selectClubCallTimes, selectSilverOffer, silverOfferLeft } from '../club'

/** What a silver call with a club host needs to show: the calls left today and the host's silver price. */
export interface SilverOffer {
  times: ClubCallTimes | null
  price: number | null
}

const unknown: SilverOffer = { times: null, price: null }

function knownPrice(anchor: AnchorInfo): number | null {
  // A host met in the club list keeps its silverCallPrice in the store.
  const price = (anchor as AnchorInfo & { silverCallPrice?: unknown }).silverCallPrice
  return typeof price === 'number' ? price : null
}

/**
 * The silver call offer of a host's profile: nothing for a host outside the club; for a club host, the
 * user's silver calls today (club_call_times) and the host's silver price (from the store, else the club
 * list). A figure that cannot be loaded stays null: the action stays available and the guide checks again.
 * Both are asked through the club's thunks and read from its state (`club.offer`, `club.callTimes`).
 */
export function useSilverOffer(anchor: AnchorInfo | undefined): SilverOffer | null {
  const dispatch = useAppDispatch()
  const club = anchor?.isClubAnchor === true
  const jid = anchor?.jid
  const storedPrice = anchor ? knownPrice(anchor) : null
  const callTimes = useAppSelector(selectClubCallTimes)
  const offer = useAppSelector(selectSilverOffer)
  // Until it has asked, the profile shows nothing known, as a fresh one always did: the store may still
  // hold the offer of a profile replaced in the same render (the page behind a sheet remounts).
  const [asked, setAsked] = useState(false)

  useEffect(() => {
    if (!club || !jid) return undefined
    void dispatch(checkOfferCallTimes())
    if (storedPrice === null) void dispatch(findSilverPrice(jid))
    setAsked(true)
    // The offer goes with the host shown: answers to these asks are dropped from then on.
    return () => {
      dispatch(silverOfferLeft())
    }
  }, [dispatch, club, jid, storedPrice])

  if (!club) return null
  if (!asked) return unknown
  return { times: offer.timesCheck === 'ready' ? callTimes : null, price: storedPrice ?? offer.price }
}
