// The contact module's public face: the contact form's route.
export { contactRoutes } from './contact.routes.ts';
