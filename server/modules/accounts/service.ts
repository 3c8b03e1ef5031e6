import { createActivation } from './activation.ts';
import { createContactMatches } from './contact-matches.ts';
import { type AccountsDependencies, createAccountsCore } from './core.ts';
import { createMagicLinks } from './magic-link.ts';
import { createPlayerAdmin } from './player-admin.ts';
import { createProfile } from './profile.ts';
import { createRecovery } from './recovery.ts';
import { createRegistration } from './registration.ts';
import { createSessions } from './sessions.ts';

// The accounts service: players, their sessions and their account flows (docs/decisions/0011-account-flows.md).
// One file per job (docs/decisions/0028-modules-own-their-tables.md); this facade composes them into the one
// service the routes, the session module and the page loaders call.

export { type AuthenticatedPlayer, LIFETIMES, type LoginResult, SMS_CODE_ATTEMPTS } from './core.ts';
export { localPath } from './magic-link.ts';

export type AccountsService = ReturnType<typeof createAccountsService>;

export function createAccountsService(dependencies: AccountsDependencies) {
  const core = createAccountsCore(dependencies);
  const activation = createActivation(core);
  const sessions = createSessions(core);
  const registration = createRegistration(core, activation);
  const recovery = createRecovery(core);
  const magicLinks = createMagicLinks(core, sessions);
  const profile = createProfile(core);
  const playerAdmin = createPlayerAdmin(core);
  const contactMatches = createContactMatches(core);
  return {
    validateRegistration: registration.validateRegistration,
    /** Resolves when the mail work of requests answered so far is done (shutdown, tests). */
    settled: core.afterAnswer.settled,
    authenticate: sessions.authenticate,
    playerProfile: profile.playerProfile,
    register: registration.register,
    login: sessions.login,
    logout: sessions.logout,
    requestPasswordReset: recovery.requestPasswordReset,
    findPasswordReset: recovery.findPasswordReset,
    resetPassword: recovery.resetPassword,
    activateByLink: activation.activateByLink,
    activateBySms: activation.activateBySms,
    resendActivation: activation.resendActivation,
    requestMagicLink: magicLinks.requestMagicLink,
    consumeMagicLink: magicLinks.consumeMagicLink,
    updateProfile: profile.updateProfile,
    changePassword: profile.changePassword,
    requestEmailChange: profile.requestEmailChange,
    confirmEmailChange: profile.confirmEmailChange,
    findPlayers: playerAdmin.findPlayers,
    playerExists: playerAdmin.playerExists,
    kycStatusOf: playerAdmin.kycStatusOf,
    birthdateOf: playerAdmin.birthdateOf,
    identities: playerAdmin.identities,
    countryOf: playerAdmin.countryOf,
    countrySql: playerAdmin.countrySql,
    birthdateSql: playerAdmin.birthdateSql,
    standingSql: playerAdmin.standingSql,
    checkPassword: playerAdmin.checkPassword,
    stopMarketing: playerAdmin.stopMarketing,
    closedToMarketing: playerAdmin.closedToMarketing,
    setKycStatus: playerAdmin.setKycStatus,
    setBlocked: playerAdmin.setBlocked,
    adminPlayer: playerAdmin.adminPlayer,
    searchPlayers: playerAdmin.searchPlayers,
    riskBasics: playerAdmin.riskBasics,
    playerNames: playerAdmin.playerNames,
    registrationsByDay: playerAdmin.registrationsByDay,
    adminPlayerProfile: playerAdmin.adminPlayerProfile,
    blockedAmong: playerAdmin.blockedAmong,
    sharedContacts: contactMatches.sharedContacts,
  };
}
