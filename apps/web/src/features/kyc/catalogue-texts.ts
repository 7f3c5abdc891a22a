import { KYC_DOCUMENT_MESSAGES, KYC_MESSAGES, VERIFICATION_MESSAGES } from '@rampart/contracts';
import i18n, { SUPPORTED_LANGUAGES } from '../../lib/i18n';
import { CONTRACT_CATALOGUE_NAMESPACES } from '../../lib/server-text';

/**
 * The KYC catalogues of the contracts, in both languages, as the i18next namespaces by which the server's keyed
 * messages (`kyc.*`, `kycDocument.*`, `verification.*`) and the form's own checks are shown (lib/server-text.ts).
 * They load with the KYC screens, the only ones that show them.
 */
for (const language of SUPPORTED_LANGUAGES) {
  i18n.addResourceBundle(language, CONTRACT_CATALOGUE_NAMESPACES.kyc, KYC_MESSAGES[language]);
  i18n.addResourceBundle(language, CONTRACT_CATALOGUE_NAMESPACES.kycDocument, KYC_DOCUMENT_MESSAGES[language]);
  i18n.addResourceBundle(language, CONTRACT_CATALOGUE_NAMESPACES.verification, VERIFICATION_MESSAGES[language]);
}
