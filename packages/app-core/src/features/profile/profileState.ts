/**
 * The profile state's types, apart from the slice: `app/state.ts` gathers every slice's state type
 * from modules like this one, so a slice can import the root state type without an import cycle.
 */
import type { PersonalInfo, UserSupportInfo, WebsiteConfig } from '@vchat/api-client'
import type { LoadStatus } from '../../app/loadStatus'

export interface ProfileState {
  info: PersonalInfo | null
  status: LoadStatus
  saving: 'idle' | 'saving' | 'saved' | 'failed'
  /** Avatar upload: null when none runs, else 0–1 (or -1 when the size is unknown). */
  uploadProgress: number | null
  uploadError: boolean
  support: UserSupportInfo | null
  supportStatus: LoadStatus
  website: WebsiteConfig | null
  websiteStatus: LoadStatus
  /** The complete-profile panel was closed in this session. */
  completeProfileDismissed: boolean
}
