import { defineChannel } from '../bus';

/** Fact: the browser went online or offline (the shell listens to window events and emits). */
export const connectivityChanged = defineChannel<{ online: boolean }>('connectivity:changed');
