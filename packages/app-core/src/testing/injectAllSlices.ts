/**
 * Tests and stories: every feature slice joins the store up front (each slice's module injects itself
 * into the root reducer when it loads), so `makeStore({ preloadedState })` keeps preloaded state for
 * any slice and screens rendered without their lazy parents find their state. The app itself injects a
 * slice only when the code that needs it loads (see README, *Landing budget*). Imported by the Vitest
 * setup file and by `@vchat/app-core/testing`.
 */
import '../features/anchor/storyLineSlice'
import '../features/call/callSlice'
import '../features/callrecord/callHistorySlice'
import '../features/chat/chatSlice'
import '../features/chat/purchaseSlice'
import '../features/chat/translationSlice'
import '../features/chat/uploadSlice'
import '../features/club/clubSlice'
import '../features/discover/contactPopupSlice'
import '../features/discover/discoverSlice'
import '../features/discover/exclusiveSlice'
import '../features/landing/liveHostsSlice'
import '../features/luckybox/luckyBoxSlice'
import '../features/match/matchSlice'
import '../features/profile/profileSlice'
import '../features/social/socialSlice'
import '../features/tasks/tasksSlice'
import '../features/users/usersSlice'
import '../features/wallet/walletSlice'
