// The React Email components the e-mails use, imported one package each: the umbrella
// @react-email/components package also loads the Tailwind and Markdown components and
// adds about a second to every cold start.
export { Html } from "@react-email/html";
export { Head } from "@react-email/head";
export { Body } from "@react-email/body";
export { Container } from "@react-email/container";
export { Section } from "@react-email/section";
export { Heading } from "@react-email/heading";
export { Text } from "@react-email/text";
export { Button } from "@react-email/button";
export { Preview } from "@react-email/preview";
