import { MAX_PHOTO_BYTES } from '@petti/shared/schemas/photo';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorAnswer } from './openapi.ts';

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

/**
 * What an upload route's schema says of its body and its refusals, for the API document: the image
 * itself in one of the types sharp reads (any other is looked at and refused as `PhotoInvalid`).
 */
export const imageUpload = {
  consumes: ['image/jpeg', 'image/png', 'image/webp', 'image/heic'],
  body: z.unknown().describe('The image itself (JPEG, PNG, WebP or HEIC), up to 8 MB.'),
};
export const imageUploadAnswers = {
  413: errorAnswer(413),
  // Not an image sharp can read.
  422: errorAnswer(422),
};
