// The anchor feature's public entry: other features import from here ('../anchor'), never from its modules
// (lint rule vchat/feature-boundary). It exports only what other features use.
export { ageFromBirthday } from './age'
export { AnchorFacts, CountryFlag, countryName, languageName, PresenceBadge } from './AnchorBadges'
