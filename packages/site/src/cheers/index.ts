export { canSendCheers, CheeredBy, CheersButton, CheersModal, CHEERED_BY_AVATARS, CHEERS_SENT } from './cheers';
export { cheersStore, createCheersStore, useCheers, NO_CHEERS_LEFT } from './cheers-store';
