import { Type, type Static } from '@sinclair/typebox';
import { Post } from './post.js';

/** POST /submit and GET /v1/submit-status (server modules/upload/service.ts). */
export const UploadStatus = Type.Object({
  id: Type.String(),
  status: Type.Union([Type.Literal('processing'), Type.Literal('ready'), Type.Literal('failed')]),
  /** 0..100: conversion progress of a GIF or video; 100 when ready. */
  progress: Type.Number(),
  type: Type.String(),
  /** The post page, `${PUBLIC_URL}/gag/{id}`. */
  url: Type.String(),
  errorCode: Type.Optional(Type.String()),
  errorMessage: Type.Optional(Type.String()),
  /** The post as lists show it, once ready. */
  post: Type.Optional(Post),
});
export type UploadStatus = Static<typeof UploadStatus>;
