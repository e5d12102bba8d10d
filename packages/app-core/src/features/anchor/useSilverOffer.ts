import type { AnchorInfo, ClubCallTimes } from '@vchat/api-client'
import { useEffect, useState } from 'react'
import { useServices } from '../../app/ServicesContext'

/** Club list pages looked through for a host's silver price. */
const CLUB_LOOKUP_PAGE_SIZE = 50
const CLUB_LOOKUP_MAX_PAGES = 5

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
 */
export function useSilverOffer(anchor: AnchorInfo | undefined): SilverOffer | null {
  const { api } = useServices()
  const club = anchor?.isClubAnchor === true
  const jid = anchor?.jid
  const storedPrice = anchor ? knownPrice(anchor) : null
  const [offer, setOffer] = useState<SilverOffer>(unknown)

  useEffect(() => {
    if (!club || !jid) return undefined
    let live = true
    setOffer({ times: null, price: storedPrice })
    api.getClubCallTimes().then(
      (times) => live && setOffer((current) => ({ ...current, times })),
      () => undefined,
    )
    if (storedPrice === null) {
      void (async () => {
        for (let page = 1; page <= CLUB_LOOKUP_MAX_PAGES; page += 1) {
          const result = await api.getClubAnchors({ page, size: CLUB_LOOKUP_PAGE_SIZE })
          const item = result.clubAnchorItem.find((a) => a.jid === jid)
          if (item) {
            if (live) setOffer((current) => ({ ...current, price: item.silverCallPrice }))
            return
          }
          if (!result.hasMore) return
        }
      })().catch(() => undefined)
    }
    return () => {
      live = false
    }
  }, [api, club, jid, storedPrice])

  return club ? offer : null
}
