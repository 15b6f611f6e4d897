import {
  confirmSignInBody,
  confirmSignUpBody,
  refreshBody,
  resendCodeBody,
  signInBody,
  signInResultSchema,
  signOutBody,
  signUpBody,
  signUpResultSchema,
  tokensSchema,
} from '@petti/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/openapi.ts';
import { userOf } from '../../http/require-user.ts';

const resendResult = z.object({
  codeDeliveryDetails: signUpResultSchema.shape.nextStep.shape.codeDeliveryDetails.unwrap(),
  resendAfter: z.string(),
  expiresAt: z.string(),
});

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services;
  const tags = ['auth'];

  app.post(
    '/auth/sign-up',
    {
      schema: {
        tags,
        summary: 'Start sign-up: a code is sent by SMS',
        body: signUpBody,
        response: { 200: signUpResultSchema, ...errorResponses },
      },
    },
    (request) => auth.signUp(request.body, request.ip),
  );
  app.post(
    '/auth/confirm-sign-up',
    {
      schema: {
        tags,
        summary: 'Confirm sign-up with the code; signs the user in',
        body: confirmSignUpBody,
        response: { 200: signUpResultSchema, ...errorResponses },
      },
    },
    (request) => auth.confirmSignUp(request.body),
  );
  app.post(
    '/auth/resend-code',
    {
      schema: {
        tags,
        summary: 'Send a new code (sign-up, or a sign-in challenge with its session)',
        body: resendCodeBody,
        response: { 200: resendResult, ...errorResponses },
      },
    },
    (request) => auth.resendCode(request.body, request.ip),
  );
  app.post(
    '/auth/sign-in',
    {
      schema: {
        tags,
        summary: 'Start a custom challenge: a code is sent by SMS',
        body: signInBody,
        response: { 200: signInResultSchema, ...errorResponses },
      },
    },
    (request) => auth.signIn(request.body, request.ip),
  );
  app.post(
    '/auth/confirm-sign-in',
    {
      schema: {
        tags,
        summary: 'Answer the challenge with the code',
        body: confirmSignInBody,
        response: { 200: signInResultSchema, ...errorResponses },
      },
    },
    (request) => auth.confirmSignIn(request.body),
  );
  app.post(
    '/auth/refresh',
    {
      schema: {
        tags,
        summary: 'Rotate the refresh token and get a new access token',
        body: refreshBody,
        response: { 200: tokensSchema, ...errorResponses },
      },
    },
    (request) => auth.refresh(request.body.refreshToken),
  );
  app.post(
    '/auth/sign-out',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Sign out this device, or every device with global: true',
        security: [{ bearer: [] }],
        body: signOutBody.nullish(),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await auth.signOut(userOf(request), { global: request.body?.global });
      return reply.code(204).send(null);
    },
  );
};
