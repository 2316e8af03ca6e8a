import { Type, type Static } from '@sinclair/typebox';

/** GET /v1/meme-templates: the meme maker's pictures, each url this server's own /media/ path. */
export const MemeTemplate = Type.Object({ id: Type.String(), name: Type.String(), url: Type.String() });
export type MemeTemplate = Static<typeof MemeTemplate>;

export const MemeTemplatesReply = Type.Object({ templates: Type.Array(MemeTemplate) });
export type MemeTemplatesReply = Static<typeof MemeTemplatesReply>;
