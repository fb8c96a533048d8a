import type { Brand } from '@conversa/contracts';

/** A partner's brand as GET /v1/conversa/public/brand answers it on its host. */
export const MEDTRONIC_BRAND: Brand = {
  id: 'medtronic',
  name: 'Medtronic Conversations',
  logoUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
  primaryColor: '#004b87',
  landing: {
    heading: 'Answers from Medtronic experts, on video, whenever patients ask.',
    text: 'Record product and patient-education answers once.',
  },
  supportPhone: '+1 (555) 010-0142',
  supportEmail: 'studio-support@medtronic.example',
  helpCenterUrl: 'https://help.medtronic.example/studio',
  idpHint: 'medtronic',
  isSignInOrigin: false,
  homeUrl: 'http://medtronic.localhost:3000',
};
