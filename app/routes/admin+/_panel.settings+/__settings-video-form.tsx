import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrors } from "~/components/admin/admin-dialog";
import { TextareaField, TextField } from "~/components/forms";
import { MAX_SUCCESS_STORIES, MAX_TUTORIAL_VIDEOS, SUCCESS_STORY_CITIES, VideoSettingsSchema } from "~/schemas/video-settings";
import { useSchemaForm } from "~/utils/use-schema-form";
import { SaveButton, SettingsCard, type SectionFormProps } from "./__settings-forms";

// The Videos card of /admin/settings: the institute's own videos, one per
// line. A list left empty hides its section on the site.

export function VideoSettingsForm({ defaultValue, lastResult }: SectionFormProps) {
  const [form, fields] = useSchemaForm(VideoSettingsSchema, { id: "settings-videos", lastResult, defaultValue });
  return (
    <SettingsCard
      section="videos"
      intro="Only videos listed here show on the site; an empty list hides its section. Paste the link as the video platform gives it, and list a student's story only with their written consent."
    >
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-x-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField field={fields.introVideo} label="Home page introduction video" hint="A YouTube link, then | and its title." wide />
        <TextareaField
          field={fields.tutorials}
          label={`Tutorial videos (home page): one per line, at most ${MAX_TUTORIAL_VIDEOS}, a YouTube link | its title`}
          rows={6}
        />
        <TextareaField
          field={fields.successStories}
          label={`Student stories (testimonials page): one per line, at most ${MAX_SUCCESS_STORIES}, a Google Drive link | city (${SUCCESS_STORY_CITIES.join(", ")}) | student's name | profession`}
          rows={6}
        />
        <SaveButton section="videos" />
      </Form>
    </SettingsCard>
  );
}
