declare module '@pusher/push-notifications-web/src/service-worker.js';
