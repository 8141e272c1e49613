import { describe, expect, it } from "vitest";
import { COMMUNITY_MESSAGES, commentsText, communityPath, likesText } from "~/domain/community";
import { CommentSchema, CommunityIntentSchema, DishPostSchema } from "~/domain/community-schemas";
import { photoFile } from "~/domain/photo-file";

describe("photoFile", () => {
  it("turns a camera's data URL into a file with its bytes and type", async () => {
    const bytes = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46];
    const file = photoFile(`data:image/jpeg;base64,${Buffer.from(bytes).toString("base64")}`);
    expect([file.name, file.type, file.size]).toEqual(["dish.jpg", "image/jpeg", 8]);
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual(bytes);
  });

  it("keeps the type of a file the browser could not redraw, and refuses what is not a data URL", () => {
    expect(photoFile("data:image/heic;base64,AAAA").type).toBe("image/heic");
    expect(() => photoFile("https://example.com/dish.jpg")).toThrow("Not a base64 data URL");
  });
});

describe("communityPath", () => {
  it("names the recipe, the page and the open comments only when there are some", () => {
    expect(communityPath()).toBe("/community");
    expect(communityPath({ recipeId: 4 })).toBe("/community?menu_id=4");
    expect(communityPath({ recipeId: null, before: 30, comments: 12 })).toBe("/community?before=30&comments=12");
  });
});

describe("the community's rules", () => {
  it("a comment is trimmed and must not be blank", () => {
    expect(CommentSchema.parse({ comment_text: "  Looks great  " })).toEqual({ comment_text: "Looks great" });
    for (const blank of [undefined, "", " \n\t "]) {
      expect(CommentSchema.safeParse({ comment_text: blank }).error?.issues[0].message).toBe(
        COMMUNITY_MESSAGES.commentBlank
      );
    }
    expect(CommentSchema.safeParse({ comment_text: "x".repeat(501) }).error?.issues[0].message).toBe(
      COMMUNITY_MESSAGES.commentTooLong
    );
  });

  it("a caption may be left out, and a recipe id is a positive whole number", () => {
    expect(DishPostSchema.parse({})).toEqual({ caption: "" });
    expect(DishPostSchema.parse({ menu_id: "7", caption: " Mine " })).toEqual({ menu_id: 7, caption: "Mine" });
    expect(DishPostSchema.safeParse({ menu_id: "-1" }).error?.issues[0].message).toBe(
      "menu_id must be a positive whole number"
    );
    expect(DishPostSchema.safeParse({ caption: "x".repeat(501) }).error?.issues[0].message).toBe(
      COMMUNITY_MESSAGES.captionTooLong
    );
  });

  it("each screen action names what it is about", () => {
    expect(CommunityIntentSchema.parse({ intent: "delete-comment", post_id: "3", comment_id: 9 })).toEqual({
      intent: "delete-comment",
      post_id: 3,
      comment_id: 9,
    });
    expect(CommunityIntentSchema.safeParse({ intent: "like" }).error?.issues[0].message).toBe("post_id is required");
    expect(CommunityIntentSchema.safeParse({ intent: "share-everything", post_id: 1 }).success).toBe(false);
  });

  it("counts read naturally", () => {
    expect([likesText(0), likesText(1), likesText(2)]).toEqual(["0 likes", "1 like", "2 likes"]);
    expect([commentsText(1), commentsText(3)]).toEqual(["1 comment", "3 comments"]);
  });
});
