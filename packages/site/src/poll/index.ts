export { Poll, type PollData, type PollPost } from './poll';
export * from './poll-rules';
