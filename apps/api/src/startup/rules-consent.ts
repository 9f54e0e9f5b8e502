import { addPasswordSetHook } from '../modules/auth/auth.service.ts';
import { acceptCurrentRules, rulesToAcceptSql } from '../modules/settings/consent.service.ts';
import { addMeField } from '../modules/users/user-json.repo.ts';

/**
 * Consent to the rules (issue 30 point 3, decision 060) is the settings module's, but it shows in
 * two modules below it: setting a password through the e-mailed link accepts the rules in force
 * (auth), and GET /api/me names the version a rep has still to accept (users). Joined here, at
 * start-up, so neither imports the settings module.
 */
export function addRulesConsent(): void {
  addPasswordSetHook(acceptCurrentRules);
  addMeField('rules_to_accept', rulesToAcceptSql);
}
