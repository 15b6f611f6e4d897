import { MAX_PHOTO_BYTES } from '@petti/shared/schemas/photo';
import type { FastifyInstance } from 'fastify';

/**
 * Photo uploads send the image itself as the body (`Content-Type: image/jpeg`…), up to
 * MAX_PHOTO_BYTES; sharp decides whether it is one (platform/images/photos.ts). Register inside the
 * encapsulated plugin that holds the upload route, so no other route accepts such bodies.
 */
export function acceptImageBodies(app: FastifyInstance): void {
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES }, (_request, body, done) =>
    done(null, body),
  );
}
